export { AUTO_REPLY_SETUP_HINT, autoReplyConfigured } from './automations/auto-reply.ts'
export { favoriteTools, favoriteToolsPart, type FavoriteTool } from './favorites.server.ts'
export { createToolboxService, type ToolboxService } from './service.server.ts'
export type { ToolboxDeps } from './deps.ts'
export { seedToolboxConfigs, type SeedResult } from './seed.server.ts'
export { claimToolRun, hasToolRun, MINUTES_SAVED_PER_ITEM, toolStats, type ToolRunInput, type ToolStats } from './runs.server.ts'
export { effectiveSettings, toolSettingsSchemas, type ToolSettings } from './settings-schemas.ts'
export { isToolEnabled, isToolName, listTools, toolSettings, usersWithToolEnabled, type ToolState } from './tools.server.ts'
export {
	TOOL_CATEGORIES,
	TOOL_NAMES,
	defaultTools,
	type DefaultTool,
	type ToolCategory,
	type ToolName,
} from './default-tools.ts'
export { suggestHashtags, formatHashtag, hashtagKey, type HashtagInput } from './hashtags.ts'
export { BirthdayContactSchema, MAX_BIRTHDAY_CONTACTS, type BirthdayContactInput } from './birthdays.ts'
export type { BirthdayContact } from './birthday-contacts.server.ts'
export type { RecentRun, ToolboxTool } from './page.server.ts'
export type { HashtagResult } from './hashtags.server.ts'
export type { AdminToolConfig, SaveToolConfigResult, ToolConfigCounts, UpsertResult } from './admin-configs.server.ts'
export {
	configErrorText,
	isImplementedTool,
	TOOL_ICON_NAMES,
	ToolAvailabilitySchema,
	ToolConfigDeleteSchema,
	ToolConfigSchema,
	ToolConfigSearchSchema,
	type ToolConfigInput,
	type ToolIconName,
} from './admin-configs-schema.ts'
export { parseToolConfigFile, type ToolConfigFileError, type ToolConfigFileResult } from './admin-configs-file.ts'
