import strings from '../de/integrations.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('integrations', strings)
