#define LOCAL_VALUE 3
