// The frame of every signed-in page: navigation for the areas that exist (later issues add theirs to
// NAV), the signed-in admin and role, and sign-out. Below 900 px the navigation folds into a burger.
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAdmin, useSession } from '../session/session-context';

const NAV = [
  { to: '/activity', label: 'Activity' },
  { to: '/risk', label: 'Risk findings' },
  { to: '/policy', label: 'Policy' },
  { to: '/provider-keys', label: 'Provider keys' },
  { to: '/people', label: 'People' },
  { to: '/devices', label: 'Devices' },
  { to: '/credentials', label: 'API credentials' },
  { to: '/audit', label: 'Audit log' },
];

export function ConsoleShell() {
  const admin = useAdmin();
  const { signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 900, collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Title order={2} size="h4">
              Gatehouse
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" truncate maw={260} aria-label="Signed in as">
              {admin.email}
            </Text>
            <Badge variant="light" aria-label="Role">
              {admin.role}
            </Badge>
            <Button variant="default" size="xs" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            label={item.label}
            active={pathname.startsWith(item.to)}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
