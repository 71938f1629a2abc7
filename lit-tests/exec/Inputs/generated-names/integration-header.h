inline int from_users_integration_header() { return 2; }
