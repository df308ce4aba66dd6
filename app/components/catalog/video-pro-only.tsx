import { Callout, Link as RadixLink } from '@radix-ui/themes'
import { CircleExclamationPoint } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/catalog.ts'

/** Video is part of Pro (ADR 0015): said where video is offered, with the way to /pricing. `alert`: it blocks the action at hand. */
export function VideoProOnly({ alert = false }: { alert?: boolean }) {
	const { t } = useTranslation('catalog')
	return (
		<Callout.Root color="amber" role={alert ? 'alert' : undefined} data-testid="video-pro-only">
			<Callout.Icon>
				<CircleExclamationPoint size={16} />
			</Callout.Icon>
			<Callout.Text>
				<strong>{t('test.videoRequiresProTitle')}</strong> {t('test.videoRequiresPro')}{' '}
				<RadixLink asChild weight="medium">
					<Link to="/pricing">{t('test.videoUpgrade')}</Link>
				</RadixLink>
			</Callout.Text>
		</Callout.Root>
	)
}
