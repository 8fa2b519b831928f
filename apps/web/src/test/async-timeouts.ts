import { configure } from '@testing-library/react';

// Lazy screens (the login modal, the order form) load their chunk on first use. On a busy two-core CI
// machine that can take longer than Testing Library's default one second; waiting longer changes no
// assertion, it only stops slow machines from failing correct code.
configure({ asyncUtilTimeout: 5000 });
