import strings from '../de/adminPrompts.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminPrompts', strings)
