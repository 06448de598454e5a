/** The top bar's links; the mobile menu adds e-Services and says "About Us". */
export const topBarLinks = [
  { label: 'Careers & Skills Passport', to: '/careers' },
  { label: 'Courses', to: '/courses' },
  { label: 'Resources', to: '/resources' },
  { label: 'About', to: '/about' },
] as const;

export const mobileMenuLinks = [
  { label: 'e-Services', to: '/e-services' },
  ...topBarLinks.map((link) => (link.to === '/about' ? { ...link, label: 'About Us' } : link)),
] as const;

export const footerLinks = [
  { label: 'Contact', to: '/contact' },
  { label: 'About Us', to: '/about' },
  { label: 'Related Sites', to: '/resources' },
  { label: 'Report Vulnerability', to: '/security' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Use', to: '/terms' },
  { label: 'Supported Browsers', to: '/supported-browsers' },
  { label: 'Feedback', to: '/contact' },
  { label: 'FAQ', to: '/faq' },
] as const;
