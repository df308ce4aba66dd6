import { expect, test } from 'vitest'
import { defaultTools } from './default-tools.ts'

test('the tools list every registered platform in their schema and default to the first, a fifth one included', () => {
	const registered = ['linkedin', 'facebook', 'instagram', 'threads', 'newnet']
	const tools = defaultTools(registered)
	const withPlatforms = tools.filter((tool) => 'platforms' in tool.default_settings)
	expect(withPlatforms.map((tool) => tool.tool_name)).toEqual(['birthdayWishes', 'autoRepost', 'autoReply'])
	for (const tool of withPlatforms) {
		const properties = tool.config_schema.properties as Record<string, { items: { enum: Array<string> } }>
		expect(properties.platforms!.items.enum).toEqual(registered)
		expect(tool.default_settings.platforms).toEqual(['linkedin'])
	}
	expect(defaultTools(['newnet', 'linkedin']).find((tool) => tool.tool_name === 'autoReply')!.default_settings.platforms).toEqual(['newnet'])
})
