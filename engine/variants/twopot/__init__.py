"""The two-pot family that Classic, Centran and the Sabacc Project share: cards, seats and
state, the card-phase actions, the flow between hands, payouts, settlement, views, events and the
vector readers of the judges. Each module is written once here and parameterised by the variant."""
