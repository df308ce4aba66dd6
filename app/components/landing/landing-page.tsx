import { Box } from '@radix-ui/themes'
import { ClosingCta } from './closing-cta.tsx'
import { Features } from './features.tsx'
import { Footer } from './footer.tsx'
import { Hero } from './hero.tsx'
import { Steps } from './steps.tsx'
import { Testimonials } from './testimonials.tsx'
import { TopBar } from './top-bar.tsx'

/** The public landing page; rendered by /landing and by / for signed-out visitors (both routes load landing.css). */
export function LandingPage() {
	return (
		<Box>
			<TopBar />
			<main>
				<Hero />
				<Features />
				<Steps />
				<Testimonials />
				<ClosingCta />
			</main>
			<Footer />
		</Box>
	)
}
