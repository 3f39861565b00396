import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { create, toDataURL } from 'qrcode';
import { qrFileName } from '../utils/referral-display';
import { qrSvgPath } from '../utils/qr-path';

const QUIET_ZONE = 4;

/** The share link as a QR code (drawn as SVG) with a PNG download for printing or messaging. Its own chunk with the `qrcode` package. */
export function ReferralQrCode({ link, code }: { link: string; code: string }) {
  const { t } = useLingui();
  const { size, path } = useMemo(() => {
    const { modules } = create(link, { errorCorrectionLevel: 'M' });
    return { size: modules.size + QUIET_ZONE * 2, path: qrSvgPath(modules, QUIET_ZONE) };
  }, [link]);
  const [downloading, setDownloading] = useState(false);

  const download = () => {
    setDownloading(true);
    toDataURL(link, { errorCorrectionLevel: 'M', margin: QUIET_ZONE, width: 720 })
      .then((url) => {
        const anchor = document.createElement('a');
        anchor.href = url;
        anchor.download = qrFileName(code);
        document.body.append(anchor);
        anchor.click();
        anchor.remove();
      })
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  return (
    <Stack gap="xs" align="center">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        width={184}
        height={184}
        shapeRendering="crispEdges"
        role="img"
        aria-label={t`QR code of your referral link ${link}`}
        data-testid="referral-qr"
        style={{ borderRadius: 12, border: '1px solid var(--mantine-color-default-border)', display: 'block' }}
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={path} fill="#1b1f23" />
      </svg>
      <Button variant="subtle" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={download} loading={downloading}>
        <Trans>Download QR code</Trans>
      </Button>
    </Stack>
  );
}
