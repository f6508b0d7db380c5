// The frame of every signed-in page: navigation for the areas that exist (later issues add theirs to
// NAV), the signed-in admin and role, and sign-out. Below 900 px the navigation folds into a burger.
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconActivity,
  IconApi,
  IconDeviceLaptop,
  IconHistory,
  IconSend,
  IconKey,
  IconLayoutDashboard,
  IconListDetails,
  IconPackages,
  IconPlugConnected,
  IconShieldExclamation,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { useAdmin, useSession } from '../session/session-context';

const NAV = [
  { to: '/overview', label: 'Overview', icon: IconLayoutDashboard },
  { to: '/activity', label: 'Activity', icon: IconActivity },
  { to: '/risk', label: 'Risk findings', icon: IconShieldExclamation },
  { to: '/slopsquat', label: 'Slopsquat', icon: IconPackages },
  { to: '/policy', label: 'Policy', icon: IconShieldLock },
  { to: '/provider-keys', label: 'Provider keys', icon: IconKey },
  { to: '/mcp-servers', label: 'MCP servers', icon: IconPlugConnected },
  { to: '/people', label: 'People', icon: IconUsers },
  { to: '/devices', label: 'Devices', icon: IconDeviceLaptop },
  { to: '/credentials', label: 'API credentials', icon: IconApi },
  { to: '/audit', label: 'Audit log', icon: IconListDetails },
  { to: '/settings/retention', label: 'Retention', icon: IconHistory },
  { to: '/settings/siem', label: 'SIEM export', icon: IconSend },
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
            leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
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
