import strings from '../de/news.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('news', strings)
