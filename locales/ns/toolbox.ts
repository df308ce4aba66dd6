import strings from '../de/toolbox.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('toolbox', strings)
