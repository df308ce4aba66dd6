import { Button, Card, TextField } from '@radix-ui/themes'
import { Form } from 'react-router'
import { NativeSelect } from '#app/components/native-select.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { PostPlatform } from '#modules/content/platforms.ts'
import { BRAND_NAME_MAX } from '#modules/brands/brand-name.ts'
import '#locales/ns/brands.ts'

type Brand = { id: string; name: string; defaultAgentId: string | null }
type Channel = { id: string; platform: string; pageName: string; brandId: string }
type Agent = { id: string; name: string }

// Plain forms (they work before hydration); each action answers with a redirect and a toast.
export function BrandsPage({ brands, channels, agents }: { brands: Array<Brand>; channels: Array<Channel>; agents: Array<Agent> }) {
	const { t } = useTranslation('brands')
	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
			<Form method="post" className="brand-create">
				<input type="hidden" name="intent" value="create" />
				<Flex gap="2" align="end" wrap="wrap">
					<label>
						<Text as="div" size="2" weight="medium">
							{t('create.label')}
						</Text>
						<TextField.Root name="name" required maxLength={BRAND_NAME_MAX} placeholder={t('create.placeholder')} aria-label={t('create.nameLabel')} />
					</label>
					<Button type="submit">{t('create.submit')}</Button>
				</Flex>
			</Form>
			{brands.map((brand) => (
				<BrandCard key={brand.id} brand={brand} others={brands.filter((b) => b.id !== brand.id)} all={brands} channels={channels.filter((c) => c.brandId === brand.id)} agents={agents} />
			))}
		</Flex>
	)
}

function BrandCard({ brand, others, all, channels, agents }: { brand: Brand; others: Array<Brand>; all: Array<Brand>; channels: Array<Channel>; agents: Array<Agent> }) {
	const { t } = useTranslation('brands')
	return (
		<Card data-testid="brand-card" data-brand={brand.name}>
			<Flex direction="column" gap="3">
				<Flex justify="between" align="center" gap="2" wrap="wrap">
					<Heading as="h3" size="4">
						{brand.name}
					</Heading>
					<Text color="gray" size="2">
						{t('count.channels', { count: channels.length })}
					</Text>
				</Flex>
				<Form method="post">
					<input type="hidden" name="intent" value="rename" />
					<input type="hidden" name="brandId" value={brand.id} />
					<Flex gap="2" wrap="wrap">
						<TextField.Root name="name" required maxLength={BRAND_NAME_MAX} defaultValue={brand.name} aria-label={t('rename.nameLabel', { name: brand.name })} />
						<Button type="submit" variant="soft">
							{t('rename.submit')}
						</Button>
					</Flex>
				</Form>
				<Form method="post">
					<input type="hidden" name="intent" value="default-agent" />
					<input type="hidden" name="brandId" value={brand.id} />
					<Flex gap="2" align="center" wrap="wrap">
						<Text size="2">{t('agent.label')}</Text>
						<NativeSelect
							name="agentId"
							aria-label={t('agent.selectLabel', { name: brand.name })}
							defaultValue={brand.defaultAgentId ?? ''}
							options={[{ value: '', label: t('agent.none') }, ...agents.map((a) => ({ value: a.id, label: a.name }))]}
						/>
						<Button type="submit" variant="soft">
							{t('agent.submit')}
						</Button>
					</Flex>
				</Form>
				<Heading as="h4" size="3">
					{t('channels.title')}
				</Heading>
				{channels.length === 0 ? (
					<Text color="gray" size="2">
						{t('channels.none')}
					</Text>
				) : (
					channels.map((channel) => (
						<Form method="post" key={channel.id}>
							<input type="hidden" name="intent" value="move-channel" />
							<input type="hidden" name="channelId" value={channel.id} />
							<Flex gap="2" align="center" wrap="wrap">
								<PlatformMark platform={channel.platform as PostPlatform} size={20} />
								<Text size="2">{channel.pageName}</Text>
								<NativeSelect name="brandId" aria-label={t('channels.moveLabel', { name: channel.pageName })} defaultValue={brand.id} options={all.map((b) => ({ value: b.id, label: b.name }))} />
								<Button type="submit" variant="soft">
									{t('channels.move')}
								</Button>
							</Flex>
						</Form>
					))
				)}
				{others.length > 0 ? (
					<Form method="post">
						<input type="hidden" name="intent" value="delete" />
						<input type="hidden" name="brandId" value={brand.id} />
						<Flex gap="2" align="center" wrap="wrap">
							<Text size="2">{t('delete.moveTo')}</Text>
							<NativeSelect name="moveTo" aria-label={t('delete.moveToLabel', { name: brand.name })} options={others.map((b) => ({ value: b.id, label: b.name }))} />
							<Button type="submit" color="red" variant="soft">
								{t('delete.submit')}
							</Button>
						</Flex>
					</Form>
				) : (
					<Text color="gray" size="2">
						{t('delete.onlyOne')}
					</Text>
				)}
			</Flex>
		</Card>
	)
}
