import strings from '../de/posts.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('posts', strings)
