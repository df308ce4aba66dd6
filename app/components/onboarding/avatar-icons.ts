import { Bot, Coffee, Crown, Diamond, Flame, Globe, Heart, Music, Rocket, Shield, Sparkles, Star, Target, User, Zap, type LucideIcon } from 'lucide-react'
import type { OnboardingAvatar } from '#modules/agents/onboarding-schema.ts'

export const onboardingAvatarIcons = {
	user: User,
	bot: Bot,
	crown: Crown,
	star: Star,
	heart: Heart,
	shield: Shield,
	diamond: Diamond,
	flame: Flame,
	coffee: Coffee,
	rocket: Rocket,
	target: Target,
	globe: Globe,
	zap: Zap,
	sparkles: Sparkles,
	music: Music,
} as const satisfies Record<OnboardingAvatar, LucideIcon>
