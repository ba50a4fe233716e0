from cards.models.catalogue import (  # noqa: F401
    COLORS,
    RESOURCES,
    Card,
    CardText,
    Wonder,
    WonderStage,
    WonderStageText,
    WonderText,
)
