export { createToolboxService, favoriteTools, type FavoriteTool, type ToolboxService } from './favorites.server.ts'
export { seedToolboxConfigs, type SeedResult } from './seed.server.ts'
export {
	TOOL_CATEGORIES,
	TOOL_NAMES,
	defaultTools,
	type DefaultTool,
	type ToolCategory,
	type ToolName,
} from './default-tools.ts'
