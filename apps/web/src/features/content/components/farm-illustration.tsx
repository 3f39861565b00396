import { useId } from 'react';

/** Decorative hero drawing (fields, farmhouse, a produce basket); drawn inline because the app loads no remote images. */
export function FarmIllustration() {
  const suffix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const skyId = `farm-sky-${suffix}`;
  const clipId = `farm-clip-${suffix}`;

  return (
    <svg viewBox="0 0 400 300" width="100%" role="presentation" aria-hidden focusable="false" style={{ display: 'block', height: 'auto' }}>
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e7f5ff" />
          <stop offset="1" stopColor="#fff9db" />
        </linearGradient>
        <clipPath id={clipId}>
          <rect width="400" height="300" rx="24" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="400" height="300" fill={`url(#${skyId})`} />
        <circle cx="318" cy="70" r="52" fill="#ffe066" opacity="0.35" />
        <circle cx="318" cy="70" r="32" fill="#fcc419" />
        <polyline
          points="24,72 110,72 126,44 146,100 162,58 174,72 236,72"
          fill="none"
          stroke="#40c057"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity="0.55"
        />
        <path d="M0 188 Q 96 128 206 168 T 400 146 V300 H0 Z" fill="#b2f2bb" />
        <g>
          <rect x="226" y="128" width="54" height="38" fill="#fff4e6" />
          <path d="M220 130 L253 104 L286 130 Z" fill="#e8590c" />
          <rect x="246" y="144" width="14" height="22" fill="#a0522d" />
          <rect x="232" y="136" width="9" height="9" fill="#74c0fc" />
          <rect x="265" y="136" width="9" height="9" fill="#74c0fc" />
        </g>
        <rect x="92" y="136" width="7" height="24" fill="#8d6e63" />
        <circle cx="95.5" cy="128" r="20" fill="#2f9e44" />
        <circle cx="82" cy="138" r="12" fill="#37b24d" />
        <path d="M0 226 Q 130 176 262 212 T 400 198 V300 H0 Z" fill="#69db7c" />
        <g fill="none" stroke="#2f9e44" strokeWidth="4" strokeLinecap="round" opacity="0.7">
          <path d="M-10 250 Q 130 206 262 238" />
          <path d="M-10 272 Q 140 228 290 262" />
          <path d="M-10 296 Q 150 252 320 288" />
        </g>
        <g>
          <circle cx="300" cy="238" r="15" fill="#fa5252" />
          <circle cx="326" cy="232" r="14" fill="#fd7e14" />
          <circle cx="350" cy="240" r="13" fill="#fab005" />
          <path d="M312 222 q 8 -20 22 -16 q -6 14 -22 16 Z" fill="#2b8a3e" />
          <path d="M284 244 H370 L360 284 Q 358 292 348 292 H306 Q 296 292 294 284 Z" fill="#c0803f" />
          <path d="M290 258 H364 M294 272 H360" stroke="#9c6130" strokeWidth="3" />
        </g>
      </g>
    </svg>
  );
}
