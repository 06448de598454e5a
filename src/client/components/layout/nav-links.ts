import { msg } from '@lingui/core/macro';

/** The top bar's links; the mobile menu adds e-Services and says "About Us". */
export const topBarLinks = [
  { label: msg`Careers & Skills Passport`, to: '/careers' },
  { label: msg`Courses`, to: '/courses' },
  { label: msg`Resources`, to: '/resources' },
  { label: msg`About`, to: '/about' },
] as const;

export const mobileMenuLinks = [
  { label: msg`e-Services`, to: '/e-services' },
  ...topBarLinks.map((link) => (link.to === '/about' ? { ...link, label: msg`About Us` } : link)),
] as const;

export const footerLinks = [
  { label: msg`Contact`, to: '/contact' },
  { label: msg`About Us`, to: '/about' },
  { label: msg`Related Sites`, to: '/resources' },
  { label: msg`Report Vulnerability`, to: '/security' },
  { label: msg`Privacy Policy`, to: '/privacy' },
  { label: msg`Terms of Use`, to: '/terms' },
  { label: msg`Supported Browsers`, to: '/supported-browsers' },
  { label: msg`Feedback`, to: '/contact' },
  { label: msg`FAQ`, to: '/faq' },
] as const;
