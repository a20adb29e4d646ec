import { Button, Code, CopyButton, Stack, Text } from '@mantine/core';

/**
 * The badge a published trust page with the domain grade offers for the organisation's own
 * website: a preview and the HTML to paste, the image wrapped in a link to the trust page.
 */
export function TrustBadge({ domain }: { domain: string }) {
  const origin = window.location.origin;
  const image = `${origin}/api/trust-center/${domain}/badge.svg`;
  const code = `<a href="${origin}/trust-center/${domain}"><img src="${image}" alt="Security grade of ${domain}, checked by Castellan" height="20"></a>`;
  return (
    <Stack gap="xs" component="section" aria-labelledby="trustBadgeTitle">
      <Text fw={500} size="sm" id="trustBadgeTitle">
        Badge for your website
      </Text>
      <Text size="xs" c="dimmed">
        Shows your domain grade and the date of its last scan, and leads to your trust page. A grade
        older than 7 days is never shown: the badge then says “not checked recently”.
      </Text>
      <img
        src={image}
        alt={`Your badge as visitors see it: security grade of ${domain}`}
        height={20}
        style={{ alignSelf: 'flex-start' }}
      />
      <Code block aria-label="HTML of the badge">
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? 'light' : 'default'}
            color={copied ? 'green' : undefined}
            onClick={copy}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? 'Copied' : 'Copy the HTML'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
