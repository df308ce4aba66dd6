import { Bot, Brain, Briefcase, Building, Coffee, Crown, Diamond, Flame, Globe, Heart, Lightbulb, Music, Rocket, Shield, Sparkles, Star, Target, User, Zap } from 'lucide-react'

export const agentAvatarIcons = {
	bot: Bot, user: User, brain: Brain, sparkles: Sparkles, target: Target, building: Building, briefcase: Briefcase,
	shield: Shield, heart: Heart, lightbulb: Lightbulb, crown: Crown, star: Star, diamond: Diamond, flame: Flame,
	coffee: Coffee, rocket: Rocket, globe: Globe, zap: Zap, music: Music,
} as const

/** An agent's avatar icon; unknown ids fall back to the bot. */
export function AgentAvatar({ avatar, size = 28 }: { avatar: string; size?: number }) {
	const Icon = agentAvatarIcons[avatar as keyof typeof agentAvatarIcons] ?? Bot
	return (
		<span style={{ display: 'inline-grid', placeItems: 'center', width: size * 2, height: size * 2, borderRadius: 16, background: 'var(--accent-3)', color: 'var(--accent-11)' }}>
			<Icon size={size} aria-hidden />
		</span>
	)
}
