import strings from '../de/mail.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('mail', strings)
