import strings from '../de/newsCards.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('newsCards', strings)
