import { Anchor, Box, Container, Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LegalBlock, LegalDocument } from '../data/legal-document-types';
import { ContentFooter } from './content-footer';

// Keeps a heading clear of the shell's fixed top bar when reached through an anchor link.
const ANCHOR_OFFSET_PX = 88;

function LegalBlockView({ block }: { block: LegalBlock }) {
  const { i18n } = useLingui();
  switch (block.kind) {
    case 'paragraph':
      return <Text lh={1.7}>{i18n._(block.text)}</Text>;
    case 'subheading':
      return (
        <Title order={3} fz="md" mt="xs">
          {i18n._(block.text)}
        </Title>
      );
    case 'list':
      return (
        <List spacing={6} withPadding lh={1.6}>
          {block.items.map((item, index) => (
            <List.Item key={index}>{i18n._(item)}</List.Item>
          ))}
        </List>
      );
  }
}

export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { i18n } = useLingui();
  const lastUpdated = document.lastUpdated;
  const tableOfContents = (
    <Paper component="nav" aria-labelledby="legal-contents-heading" withBorder radius="lg" p="lg">
      <Title order={2} id="legal-contents-heading" fz="sm" tt="uppercase" c="dimmed" mb="sm" style={{ letterSpacing: '0.06em' }}>
        <Trans>Contents</Trans>
      </Title>
      <List type="ordered" spacing={6} fz="sm">
        {document.sections.map((section) => (
          <List.Item key={section.id}>
            <Anchor href={`#${section.id}`} fz="sm">
              {i18n._(section.title)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xs" mb="xl">
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          {i18n._(document.title)}
        </Title>
        <Text c="dimmed">
          <Trans>
            Last updated: <time dateTime={lastUpdated}>{lastUpdated}</time>
          </Trans>
        </Text>
      </Stack>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Box style={{ position: 'sticky', top: ANCHOR_OFFSET_PX, maxHeight: `calc(100vh - ${ANCHOR_OFFSET_PX + 24}px)`, overflowY: 'auto' }}>{tableOfContents}</Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <Paper radius="lg" p="lg" bg="var(--mantine-primary-color-light)">
              <Text fw={700} mb="sm">
                <Trans>In short</Trans>
              </Text>
              <List spacing="xs" icon={<ThemeIcon size={20} radius="xl" variant="transparent"><IconCircleCheck size={18} /></ThemeIcon>}>
                {document.summary.map((point, index) => (
                  <List.Item key={index}>{i18n._(point)}</List.Item>
                ))}
              </List>
            </Paper>

            {document.sections.map((section, index) => (
              <Stack key={section.id} component="section" gap="sm" aria-labelledby={section.id}>
                <Title order={2} id={section.id} fz={{ base: 20, sm: 24 }} style={{ scrollMarginTop: ANCHOR_OFFSET_PX }}>
                  {index + 1}. {i18n._(section.title)}
                </Title>
                {section.blocks.map((block, blockIndex) => (
                  <LegalBlockView key={blockIndex} block={block} />
                ))}
              </Stack>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
      <ContentFooter />
    </Container>
  );
}
