import { lazy, Suspense } from 'react'
import type { LucideProps } from 'lucide-react'
import type { agentAvatarIcons } from './agent-avatar-icons.ts'

// A page shows one or a few of the 19 avatar icons: each comes as its own small chunk. While it
// loads, the server's markup stays (hydration) or the circle is empty for a moment (navigation).
const icons: Record<keyof typeof agentAvatarIcons, React.ComponentType<LucideProps>> = {
	bot: lazy(() => import('lucide-react/icons/bot')),
	user: lazy(() => import('lucide-react/icons/user')),
	brain: lazy(() => import('lucide-react/icons/brain')),
	sparkles: lazy(() => import('lucide-react/icons/sparkles')),
	target: lazy(() => import('lucide-react/icons/target')),
	building: lazy(() => import('lucide-react/icons/building')),
	briefcase: lazy(() => import('lucide-react/icons/briefcase')),
	shield: lazy(() => import('lucide-react/icons/shield')),
	heart: lazy(() => import('lucide-react/icons/heart')),
	lightbulb: lazy(() => import('lucide-react/icons/lightbulb')),
	crown: lazy(() => import('lucide-react/icons/crown')),
	star: lazy(() => import('lucide-react/icons/star')),
	diamond: lazy(() => import('lucide-react/icons/diamond')),
	flame: lazy(() => import('lucide-react/icons/flame')),
	coffee: lazy(() => import('lucide-react/icons/coffee')),
	rocket: lazy(() => import('lucide-react/icons/rocket')),
	globe: lazy(() => import('lucide-react/icons/globe')),
	zap: lazy(() => import('lucide-react/icons/zap')),
	music: lazy(() => import('lucide-react/icons/music')),
}

/** An agent's avatar icon; unknown ids fall back to the bot. */
export function AgentAvatar({ avatar, size = 28 }: { avatar: string; size?: number }) {
	const Icon = icons[avatar as keyof typeof icons] ?? icons.bot
	return (
		<span style={{ display: 'inline-grid', placeItems: 'center', width: size * 2, height: size * 2, borderRadius: 16, background: 'var(--accent-3)', color: 'var(--accent-11)' }}>
			<Suspense>
				<Icon size={size} aria-hidden />
			</Suspense>
		</span>
	)
}
