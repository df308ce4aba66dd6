import strings from '../de/csvImport.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('csvImport', strings)
