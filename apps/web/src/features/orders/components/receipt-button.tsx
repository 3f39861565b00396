import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { formatOrderNumber } from '../utils/order-display';

/** The buyer's receipt of the order as a PDF (GET /api/orders/:orderId/receipt.pdf, with the session). */
export function ReceiptButton({ orderId }: { orderId: string }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await apiDownload(`/api/orders/${orderId}/receipt.pdf`, `receipt-${formatOrderNumber(orderId)}.pdf`);
    } catch {
      // The API client has shown the failure.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconFileDownload size={18} aria-hidden />} loading={loading} onClick={() => void download()}>
      <Trans>Download receipt</Trans>
    </Button>
  );
}
