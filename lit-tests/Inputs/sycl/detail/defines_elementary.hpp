// Mock of the runtime header the footer includes first.
#pragma once
