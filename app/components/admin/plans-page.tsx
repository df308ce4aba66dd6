import { Button, Card, TextField } from '@radix-ui/themes'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useEffect, useId } from 'react'
import { useFetcher } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { toast } from '#app/components/toast.tsx'
import type { AdminPlan } from '#modules/billing/index.ts'
import '#locales/ns/adminPlans.ts'

export type PlansReply = { ok: boolean; notice: { type: 'success' | 'error'; title: string; description?: string } }

/** 'Tarife': how many channels each plan allows. */
export function PlansPage({ plans }: { plans: Array<AdminPlan> }) {
	const { t } = useTranslation('adminPlans')
	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />
			{plans.map((plan) => (
				<PlanCard key={plan.id} plan={plan} />
			))}
		</Flex>
	)
}

function PlanCard({ plan }: { plan: AdminPlan }) {
	const { t } = useTranslation('adminPlans')
	const fetcher = useFetcher<PlansReply>()
	const inputId = useId()
	const reply = fetcher.state === 'idle' ? fetcher.data : undefined

	useEffect(() => {
		if (!reply) return
		const show = reply.notice.type === 'success' ? toast.success : toast.error
		show(reply.notice.title, { description: reply.notice.description })
	}, [reply])

	return (
		<Card size="2" asChild>
			<section aria-label={plan.name} data-testid={`plan-${plan.id}`}>
				<fetcher.Form method="post">
					<input type="hidden" name="planId" value={plan.id} />
					<Flex direction="column" gap="2">
						<Heading as="h2" size="3">
							{plan.name}
						</Heading>
						<Text as="label" size="2" weight="medium" htmlFor={inputId}>
							{t('channelLimit')}
						</Text>
						<Flex gap="2" align="center" wrap="wrap">
							<TextField.Root id={inputId} name="channelLimit" type="number" inputMode="numeric" min={1} max={1000} step={1} required defaultValue={String(plan.channelLimit)} style={{ width: 120 }} />
							<Button type="submit" loading={fetcher.state !== 'idle'}>
								{t('save')}
							</Button>
						</Flex>
						<Text size="1" color="gray">
							{t('hint')}
						</Text>
					</Flex>
				</fetcher.Form>
			</section>
		</Card>
	)
}
