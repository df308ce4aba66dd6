import strings from '../de/postDocument.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('postDocument', strings)
