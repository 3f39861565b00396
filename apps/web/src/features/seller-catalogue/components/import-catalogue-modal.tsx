import { useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Modal, Progress, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CATALOGUE_IMPORT_MAX_BYTES, type TApplyCatalogueImportResponse, type TPreviewCatalogueImportResponse } from '@pulse/contract/catalogue-files';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/format';
import { applyCatalogueImport, CATALOGUE_TEMPLATE_PATH, downloadCsv, previewCatalogueImport } from '../api/catalogue-files';
import { sellerProductsRootKey } from '../api/get-seller-products';

interface ImportCatalogueModalProps {
  opened: boolean;
  currency: string;
  onClose: () => void;
}

/** Import products from a spreadsheet: pick a CSV, see what it would do, confirm, watch the batches run. */
export function ImportCatalogueModal({ opened, currency, onClose }: ImportCatalogueModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700}>
          <Trans>Import products</Trans>
        </Text>
      }
      size="xl"
      fullScreen={phone}
      radius="lg"
    >
      {opened && <Importer currency={currency} onClose={onClose} />}
    </Modal>
  );
}

type Totals = Pick<TApplyCatalogueImportResponse, 'created' | 'updated' | 'unchanged' | 'failed'>;

function Importer({ currency, onClose }: { currency: string; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [preview, setPreview] = useState<TPreviewCatalogueImportResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Totals | null>(null);
  const resetRef = useRef<() => void>(null);

  const pick = async (picked: File | null) => {
    resetRef.current?.();
    if (!picked) return;
    setError(null);
    setPreview(null);
    setResult(null);
    if (picked.size > CATALOGUE_IMPORT_MAX_BYTES) {
      setError(t`This file is larger than 2 MB. Split it into several files.`);
      return;
    }
    setBusy(true);
    try {
      const content = await picked.text();
      setFile({ name: picked.name, content });
      setPreview(await previewCatalogueImport({ fileName: picked.name, content }));
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : t`The file could not be read. Check that it is a CSV file.`);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!file || !preview) return;
    setBusy(true);
    setError(null);
    setProgress(0);
    const totals: Totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    try {
      for (let batch = 0; batch < preview.batchCount; batch += 1) {
        const answer = await applyCatalogueImport({ content: file.content, previewId: preview.previewId, batch });
        totals.created += answer.created;
        totals.updated += answer.updated;
        totals.unchanged += answer.unchanged;
        totals.failed += answer.failed;
        setProgress(Math.round(((batch + 1) / preview.batchCount) * 100));
      }
      setResult(totals);
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : t`The import stopped. The batches already imported are kept; import the file again to finish.`);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: sellerProductsRootKey });
    }
  };

  const toApply = preview ? preview.create.length + preview.update.length : 0;
  const fileName = file?.name ?? '';

  if (result) {
    const { created, updated, failed } = result;
    return (
      <Stack gap="md">
        <Progress value={100} size="lg" radius="xl" aria-label={t`Import progress`} />
        <Alert color="green" icon={<IconCheck size={18} aria-hidden />} title={t`Import finished`}>
          <Trans>
            {created} created, {updated} updated, {failed} rows in error left out.
          </Trans>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>
          A CSV file (comma or semicolon separated, UTF-8) with the header sku, title, category, unit, price, stock, minimum_order, organic,
          harvest_date, description, status. A row whose sku matches one of your products updates it; other rows create products. Up to 5,000
          rows and 2 MB.
        </Trans>
      </Text>
      <Group gap="sm">
        <FileButton resetRef={resetRef} onChange={(picked) => void pick(picked)} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} leftSection={<IconFileSpreadsheet size={18} aria-hidden />} loading={busy && progress === null} disabled={busy}>
              {file ? <Trans>Choose another file</Trans> : <Trans>Choose a CSV file</Trans>}
            </Button>
          )}
        </FileButton>
        <Anchor component="button" type="button" size="sm" onClick={() => void downloadCsv(CATALOGUE_TEMPLATE_PATH, 'catalogue-template.csv')}>
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            <Trans>Download the template</Trans>
          </Group>
        </Anchor>
      </Group>
      {file && (
        <Text size="sm">
          <Trans>File: {fileName}</Trans>
        </Text>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
          {error}
        </Alert>
      )}
      {preview && <PreviewTables preview={preview} currency={currency} />}
      {progress !== null && (
        <Stack gap={4}>
          <Progress value={progress} size="lg" radius="xl" animated={busy} aria-label={t`Import progress`} />
          <Text size="xs" c="dimmed">
            {progress}%
          </Text>
        </Stack>
      )}
      {preview && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void confirm()} loading={busy && progress !== null} disabled={toApply === 0 || busy}>
            {toApply === 0 ? <Trans>Nothing to import</Trans> : <Plural value={toApply} one="Import # product" other="Import # products" />}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One table of the preview under its heading, scrolling past 240 px. */
function PreviewSection({ label, title, children }: { label: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <Title order={3} fz="md" mb={4}>
        {title}
      </Title>
      <ScrollArea.Autosize mah={240}>
        <Table striped withTableBorder fz="sm">
          {children}
        </Table>
      </ScrollArea.Autosize>
    </section>
  );
}

function PreviewTables({ preview, currency }: { preview: TPreviewCatalogueImportResponse; currency: string }) {
  const { t } = useLingui();
  const creates = preview.create.length;
  const updates = preview.update.length;
  const errors = new Set(preview.errors.map((error) => error.line)).size;
  const unchanged = preview.unchanged;
  return (
    <Stack gap="md" aria-label={t`Import preview`} role="region">
      <Group gap="xs">
        <Badge color="green" variant="light" size="lg">
          <Plural value={creates} one="# to create" other="# to create" />
        </Badge>
        <Badge color="blue" variant="light" size="lg">
          <Plural value={updates} one="# to update" other="# to update" />
        </Badge>
        <Badge color="gray" variant="light" size="lg">
          <Plural value={unchanged} one="# unchanged" other="# unchanged" />
        </Badge>
        <Badge color="red" variant="light" size="lg">
          <Plural value={errors} one="# row in error" other="# rows in error" />
        </Badge>
      </Group>

      {preview.errors.length > 0 && (
        <PreviewSection label={t`Rows in error`} title={<Trans>Rows in error (they will not be imported)</Trans>}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Row</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Column</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Problem</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.errors.map((error, index) => (
              <Table.Tr key={`${error.line}-${error.column ?? ''}-${index}`}>
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>{error.column ?? ''}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PreviewSection>
      )}

      {updates > 0 && (
        <PreviewSection label={t`Products to update`} title={<Trans>Products to update</Trans>}>
          <Table.Tbody>
            {preview.update.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.title}
                  </Text>
                  {row.changes.map((change) => (
                    <Text key={change.field} size="xs" c="dimmed">
                      {change.field}: {change.from || '—'} → {change.to || '—'}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PreviewSection>
      )}

      {creates > 0 && (
        <PreviewSection label={t`Products to create`} title={<Trans>Products to create</Trans>}>
          <Table.Tbody>
            {preview.create.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.title}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.priceMinor, currency)}</Table.Td>
                <Table.Td ta="right">{row.stockQuantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PreviewSection>
      )}
    </Stack>
  );
}
