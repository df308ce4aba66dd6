import strings from '../de/common.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('common', strings)
