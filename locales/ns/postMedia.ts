import strings from '../de/postMedia.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('postMedia', strings)
