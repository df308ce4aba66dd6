import { useRouteLoaderData } from 'react-router'
import { spell, type Spelling } from '#modules/core/spelling.ts'

/**
 * The page's spelling (ADR 0013) and `spell` for texts the product wrote into the database in the
 * standard spelling (toolbox runs, activity entries, delivery reasons): shown in the reader's.
 */
export function useSpelling() {
	const spelling: Spelling = (useRouteLoaderData('root') as { spelling?: Spelling } | undefined)?.spelling ?? 'de'
	return { spelling, spell: (text: string) => spell(text, spelling) }
}
