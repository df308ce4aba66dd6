import strings from '../de/posting.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('posting', strings)
