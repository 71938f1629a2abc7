// Found only if the source's own directory were not looked in before the -iquote directory.
#error "the -iquote directory's project.h was included"
