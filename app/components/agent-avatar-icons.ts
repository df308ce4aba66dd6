import { Bot, Brain, Briefcase, Building, Coffee, Crown, Diamond, Flame, Globe, Heart, Lightbulb, Music, Rocket, Shield, Sparkles, Star, Target, User, Zap } from 'lucide-react'

/** Every avatar icon at once, for the picker (agent-avatar.tsx fetches only the ones it shows). */
export const agentAvatarIcons = {
	bot: Bot, user: User, brain: Brain, sparkles: Sparkles, target: Target, building: Building, briefcase: Briefcase,
	shield: Shield, heart: Heart, lightbulb: Lightbulb, crown: Crown, star: Star, diamond: Diamond, flame: Flame,
	coffee: Coffee, rocket: Rocket, globe: Globe, zap: Zap, music: Music,
} as const
