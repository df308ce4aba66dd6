import strings from '../de/calendar.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('calendar', strings)
