from cards.models.catalogue import (  # noqa: F401
    COLORS,
    RESOURCES,
    Card,
    CardText,
    CatalogueVersion,
    Wonder,
    WonderStage,
    WonderStageText,
    WonderText,
)
from cards.models.rules import (  # noqa: F401
    GAMES,
    ImportedRulebook,
    ImportedSection,
    RuleSection,
    RuleSectionCard,
    RuleSectionText,
    SearchDocument,
    SearchWord,
)
from cards.models.architects import (  # noqa: F401
    ArchitectsCard,
    ArchitectsCardText,
    ArchitectsComponent,
    ArchitectsComponentText,
    ArchitectsDeckCount,
    ArchitectsProgressToken,
    ArchitectsProgressTokenText,
    ArchitectsStage,
    ArchitectsWonder,
    ArchitectsWonderText,
)
