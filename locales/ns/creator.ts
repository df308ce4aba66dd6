import strings from '../de/creator.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('creator', strings)
