import strings from '../de/activity.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('activity', strings)
