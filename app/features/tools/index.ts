export { BONUS_CARDS, DISCORD_NOTICE, bonusDownloadPath, earlyBirdCard } from "./bonuses";
export type { BonusCard } from "./bonuses";
export { ideasMarkdown, parseExportFormat } from "./idea-export";
export type { ExportFormat } from "./idea-export";
export { IdeaFilterForm } from "./idea-filter-form";
export { GENERATION_DELAY_MS, IDEAS_PER_RUN, ideasForQuery, newSeed } from "./idea-generator";
export { IdeaCard, IdeaDetails } from "./idea-views";
export {
  APP_BUILDER_PROMPT_PARAM,
  APP_PROMPT_MAX_LENGTH,
  EXAMPLE_PROMPTS,
  PROMPT_HABITS,
  PROMPT_TIPS,
} from "./member-tools";
