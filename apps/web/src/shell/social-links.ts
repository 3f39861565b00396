export interface SocialLink {
  name: 'X' | 'Instagram' | 'LinkedIn' | 'YouTube' | 'Facebook' | 'TikTok';
  href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: 'X', href: 'https://x.com/pulsemarket' },
  { name: 'Instagram', href: 'https://www.instagram.com/pulsemarket' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/pulsemarket' },
  { name: 'YouTube', href: 'https://www.youtube.com/@pulsemarket' },
  { name: 'Facebook', href: 'https://www.facebook.com/pulsemarket' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@pulsemarket' },
];
