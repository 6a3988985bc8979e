#define AUTH_SCHEME msauth.com.example.app
