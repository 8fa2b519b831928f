import { Button, type ButtonProps, Text } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { forwardRef, type MouseEventHandler } from 'react';

interface ProfileButtonProps extends ButtonProps {
  /** The signed-in person's name, or their phone when they have no name yet. */
  label: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
}

/** The top bar's profile button: the target of the profile menu, and what shows while its code loads. */
export const ProfileButton = forwardRef<HTMLButtonElement, ProfileButtonProps>(function ProfileButton(
  { label, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="light"
      leftSection={<IconUserCircle size={18} aria-hidden="true" />}
      rightSection={<IconChevronDown size={16} aria-hidden="true" />}
      maw={{ base: 170, xs: 260 }}
      {...props}
    >
      {/* A long name ends in an ellipsis instead of pushing the bar wider than a phone. */}
      <Text span inherit truncate="end">
        {label}
      </Text>
    </Button>
  );
});
