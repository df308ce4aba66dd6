import type { LucideIcon } from 'lucide-react'

/**
 * Icons repeated on every item of a list (the five actions of each 'Meine Posts' card, the calendar
 * chips' check mark): drawn once per page as <symbol>s, each use is a small <svg><use> instead of
 * the icon's paths (~100 instead of ~500 bytes of HTML, and no icon component to render per use).
 */
export function IconSprite({ icons }: { icons: Record<string, LucideIcon> }) {
	return (
		<svg aria-hidden width="0" height="0" style={{ position: 'absolute' }}>
			{Object.entries(icons).map(([id, Icon]) => (
				<symbol key={id} id={id} viewBox="0 0 24 24">
					<Icon />
				</symbol>
			))}
		</svg>
	)
}

/** One use of an icon of the page's <IconSprite>. */
export function SpriteIcon({ id, size, className }: { id: string; size: number; className?: string }) {
	return (
		<svg width={size} height={size} className={className} aria-hidden>
			<use href={`#${id}`} />
		</svg>
	)
}
