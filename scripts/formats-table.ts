// Prints the README's table of formats per network from the descriptors (npm run formats:table).
import { platformModules } from '#adapters/platforms/index.ts'
import { formatsTable } from '#modules/publishing/formats-table.ts'

console.log(formatsTable(platformModules.map((m) => m.descriptor)))
