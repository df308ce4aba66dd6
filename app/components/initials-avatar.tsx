/**
 * Radix Themes' <Avatar> for initials only, as its markup and classes (rt-AvatarRoot,
 * rt-AvatarFallback): the Themes component brings the image-loading primitive (≈ 1 KB gzip on every
 * page) and shows the initials only after hydration, when the missing image has "failed".
 */
export function InitialsAvatar({ initials, size, 'aria-hidden': ariaHidden }: { initials: string; size: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'; 'aria-hidden'?: boolean }) {
	const letters = initials.length === 1 ? 'rt-one-letter' : initials.length === 2 ? 'rt-two-letters' : ''
	return (
		<span className={`rt-reset rt-AvatarRoot rt-r-size-${size} rt-variant-soft`} data-radius="full" aria-hidden={ariaHidden}>
			<span className={`rt-AvatarFallback ${letters}`.trim()}>{initials}</span>
		</span>
	)
}
