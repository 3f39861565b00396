import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { IconFlag } from '@tabler/icons-react';
import { REPORT_CATEGORIES, type TReportCategory, type TReportTargetType } from '@pulse/contract/hub';
import { isApiError } from '../../../lib/api-error';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { postReport } from '../api/reports-api';

interface ReportDialogProps {
  target: { type: TReportTargetType; id: string } | null;
  onClose: () => void;
}

/** The contract's `reportCategoryLabels`, in the reader's language. */
const REPORT_CATEGORY_LABELS: Readonly<Record<TReportCategory, MessageDescriptor>> = {
  spam: msg`Spam`,
  scam: msg`Scam or fraud`,
  offensive: msg`Offensive or abusive`,
  other: msg`Something else`,
};

interface ReportValues {
  category: TReportCategory | '';
  comment: string;
}

/** Report a post or comment to the moderators: what is wrong and, optionally, why. */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const { i18n, t } = useLingui();
  const { isPending, runOnce } = useSingleSubmit();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ReportValues>({
    initialValues: { category: '', comment: '' },
    validate: {
      category: (value) => (value === '' ? t`Choose what is wrong` : null),
      comment: (value) => (value.trim().length > 1000 ? t`Too long (1000 characters at most)` : null),
    },
  });

  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const submit = form.onSubmit((values) =>
    void runOnce(async () => {
      if (!target || values.category === '') return;
      setFormError(null);
      try {
        await postReport({ targetType: target.type, targetId: target.id, category: values.category, comment: values.comment });
        notifications.show({ color: 'gold', title: t`Report sent`, message: t`Thank you. A moderator will look at it, and we will tell you what was decided.` });
        close();
      } catch (error) {
        if (!isApiError(error) || error.failure.kind !== 'http' || error.failure.status >= 500) return;
        if (error.fields.category) form.setFieldError('category', error.fields.category);
        else if (error.fields.comment) form.setFieldError('comment', error.fields.comment);
        else setFormError(error.message);
      }
    }),
  );

  return (
    <Modal opened={target !== null} onClose={close} title={target?.type === 'comment' ? t`Report comment` : t`Report post`} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group label={t`What is wrong?`} withAsterisk {...form.getInputProps('category')}>
            <Stack gap={10} mt={8}>
              {REPORT_CATEGORIES.map((category) => (
                <Radio key={category} value={category} label={i18n._(REPORT_CATEGORY_LABELS[category])} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea label={t`Anything the moderators should know? (optional)`} autosize minRows={2} maxRows={6} maxLength={1000} {...form.getInputProps('comment')} />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm">{formError}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" color="red" leftSection={<IconFlag size={18} aria-hidden />} loading={isPending}>
              <Trans>Send report</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
